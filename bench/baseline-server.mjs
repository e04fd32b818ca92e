// The baseline every scenario is compared with: Node's own HTTP server answering a small JSON body.
import { createServer } from 'node:http';

const body = JSON.stringify({ database: 'ok', version: '0.0.0', commit: 'baseline' });
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`),
);
// Exits at once: it keeps nothing, and close() waiting for its connections once left a finished
// bench waiting on it (its first SIGTERM did not end it; a second did).
process.on('SIGTERM', () => process.exit(0));
