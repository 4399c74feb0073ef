import { ConfigError, loadConfig, REPO_ROOT } from './config/env.js';
import { frontEndDirs } from './http/front-ends.js';
import { DataDirectoryInUseError } from './db/lock.js';
import { openDatabase } from './db/open.js';
import { buildApp } from './app.js';
import { seedDemoShop } from './seed/demo-shop.js';

async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  const app = await buildApp({ config, db, frontEnds: frontEndDirs(REPO_ROOT) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing open requests, then stopping.`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await db.close();
    clearTimeout(force);
    process.exit(0);
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
