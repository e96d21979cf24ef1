// Preloaded by scripts/bench-memory.mjs into a language server's process (`node --expose-gc
// --require …/bench-memory-probe.cjs server.js --stdio`), the same for every server measured. The
// bench writes a line on the process's fd 3; the probe answers, once the server's event loop is
// free, with a full garbage collection done and process.memoryUsage() as one JSON line. It leaves
// the server's own stdin/stdout (the LSP connection) alone.
const net = require('node:net');

const channel = new net.Socket({ fd: 3, readable: true, writable: true });
channel.unref();
let pending = '';
channel.on('data', (chunk) => {
  pending += chunk;
  for (let i = pending.indexOf('\n'); i >= 0; i = pending.indexOf('\n')) {
    pending = pending.slice(i + 1);
    // Twice: the first collection's finalisers can free more on the second.
    global.gc();
    global.gc();
    channel.write(`${JSON.stringify(process.memoryUsage())}\n`);
  }
});
