// The web build's id, written into index.html as <meta name="tend-build">.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { BUILD_META } from '../../common/http-headers';

/**
 * Names the build by what it is made of: a hash over the names of every file it writes (each
 * named by its content's hash) and the content of those that are not, so an unchanged rebuild
 * keeps its id and any change gives a new one. The page reads its own id from the meta element;
 * the server reads the one it serves from the same file (server/platform/web.ts) and sends it on
 * every API answer, so an app still running an older build finds out (web/app/app-update.ts).
 */
export const buildId = (): Plugin => ({
  name: 'build-id',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      if (!bundle) return [];
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const out = bundle[name]!;
        hash.update(name).update('\0');
        if (!/-[\w-]{8}\.[\w.]+$/.test(name)) hash.update(out.type === 'chunk' ? out.code : out.source).update('\0');
      }
      const id = hash.digest('hex').slice(0, 16);
      return [{ tag: 'meta', attrs: { name: BUILD_META, content: id }, injectTo: 'head-prepend' }];
    },
  },
});
