// A loopback HTTP server for the browser checks: serves directories and single files under URL
// prefixes, on 127.0.0.1 and a port the system picks.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const kContentTypes = {
  '.css': 'text/css; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.ico': 'image/x-icon',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.mjs': 'text/javascript; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

// The file a (decoded) request path names under one mount, or null when it names none or climbs
// out of the mount's directory.
function resolveInMount(mount, urlPath) {
  if (mount.file) return urlPath === mount.prefix ? mount.file : null;
  if (!urlPath.startsWith(mount.prefix)) return null;
  const relative = urlPath.slice(mount.prefix.length) || 'index.html';
  const file = path.resolve(mount.dir, relative);
  return file.startsWith(mount.dir + path.sep) ? file : null;
}

/// Starts serving `mounts`: a list of {prefix: '/speedscope/', dir} (a directory; prefix ends
/// with '/') or {prefix: '/trace.json', file} (one file at exactly that path); prefixes are
/// decoded paths. Resolves to {origin, urlOf(path), close()}.
export async function startLoopbackServer(mounts) {
  const resolved = mounts.map((m) => (m.dir ? { ...m, dir: path.resolve(m.dir) } : { ...m, file: path.resolve(m.file) }));
  const server = createServer(async (request, response) => {
    let found = false;
    try {
      const urlPath = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
      const file = resolved.map((m) => resolveInMount(m, urlPath)).find((f) => f !== null);
      if (file && (request.method === 'GET' || request.method === 'HEAD') && (await stat(file)).isFile()) {
        found = true;
        const type = kContentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
        response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
        if (request.method === 'HEAD') response.end();
        else createReadStream(file).pipe(response);
      }
    } catch {
      found = false;  // a malformed path, or stat found no such file
    }
    if (!found) {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('not found\n');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    urlOf: (urlPath) => origin + urlPath.split('/').map(encodeURIComponent).join('/'),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
