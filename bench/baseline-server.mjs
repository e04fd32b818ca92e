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
process.on('SIGTERM', () => server.close(() => process.exit(0)));
