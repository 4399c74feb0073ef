import type { Plugin } from 'vite';

/**
 * Writes dist/.vite/chunk-modules.json: for each JavaScript chunk, the files whose code it carries
 * (a package's files as `package/path`, the workspace's own by their path). Tests read it to prove which libraries the first
 * pages load (e.g. no react-admin or recharts on /login); the file is not served.
 */
export function chunkModules(): Plugin {
  return {
    name: 'chairline-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const names = Object.entries(output.modules)
          .filter(([, info]) => info.renderedLength > 0)
          .map(([id]) => sourceName(id));
        chunks[output.fileName] = [...new Set(names)].sort();
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: `${JSON.stringify(chunks, null, 1)}\n` });
    },
  };
}

/** `ra-core/dist/index.js` for node_modules/.pnpm/…/node_modules/ra-core/dist/index.js; a workspace file by its path. */
function sourceName(id: string): string {
  const path = id.replace(/^\0/, '').split('?')[0]?.replaceAll('\\', '/') ?? id;
  const inModules = path.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    return path.slice(inModules + '/node_modules/'.length);
  }
  const workspace = /\/(apps|packages)\/(.+)$/.exec(path);
  return workspace ? `${workspace[1]}/${workspace[2]}` : path;
}
