import { ConfigError, loadConfig, REPO_ROOT } from './config/env.js';
import { frontEndDirs } from './http/front-ends.js';
import { DataDirectoryInUseError } from './db/lock.js';
import { openDatabase } from './db/open.js';
import { buildApp } from './app.js';
import { seedDemoShop } from './seed/demo-shop.js';

/** How long a graceful shutdown may take before the process exits anyway (code 1). */
const SHUTDOWN_LIMIT_MS = 10_000;

async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  const app = await buildApp({ config, db, frontEnds: frontEndDirs(REPO_ROOT) });

  // SIGTERM (a container or process manager stopping us) or SIGINT (Ctrl-C): stop accepting
  // connections, end the event streams so browsers reconnect elsewhere, let requests in flight
  // finish, close the event listener and the database (releasing the data-folder lock), exit 0.
  // Whatever is still open after SHUTDOWN_LIMIT_MS is abandoned with exit code 1, so a stuck
  // request never keeps a stopping process alive past the container's own kill timeout.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing open requests, then stopping.`);
    const force = setTimeout(() => {
      console.error(`Chairline did not stop within ${SHUTDOWN_LIMIT_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    let code = 0;
    for (const step of [() => app.close(), () => db.close()]) {
      try {
        await step();
      } catch (err) {
        console.error('Chairline could not stop cleanly:', err);
        code = 1;
      }
    }
    clearTimeout(force);
    if (code === 0) console.log('Chairline stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const demo = config.seedDemo ? await seedDemoShop(db) : null;
  await app.listen({ host: config.host, port: config.port });

  const lines = [
    '',
    `Chairline is running (${db.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}).`,
    `  Web app:       ${config.publicUrl}/`,
    `  Back office:   ${config.publicUrl}/login`,
    `  Demo shop:     ${config.publicUrl}/shop/demo`,
    `  API docs:      ${config.publicUrl}/api/docs`,
  ];
  if (demo) {
    lines.push('  Demo logins (password for all: ' + demo.password + '):');
    for (const login of demo.logins) lines.push(`    ${login.role.padEnd(8)} ${login.email}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirectoryInUseError) {
    console.error(err.message);
  } else {
    console.error('Chairline could not start:', err);
  }
  process.exit(1);
});
