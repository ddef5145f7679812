/**
 * npm run bench: loaded into FACT with `--import` (bench runs only) to write, for each request the
 * half-load run tags with `x-bench-seq` (loadgen.ts), when FACT's JavaScript first saw it and when
 * its answer was handed to the kernel, on the wall clock in ms: one line "seq arrival finish" in
 * BENCH_REQUEST_LOG. pauses.ts splits a slow request's latency with it: before FACT read it,
 * inside FACT, after. Untagged requests (every CPU-per-request run) pass by with one header read.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const file = process.env.BENCH_REQUEST_LOG;

if (file) {
  writeFileSync(file, '');
  let pending = '';
  // Written in batches off the request path; what is left is written at exit.
  const flush = () => {
    if (!pending) return;
    appendFileSync(file, pending);
    pending = '';
  };
  setInterval(flush, 500).unref();
  process.on('exit', flush);
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      const seq = req.headers['x-bench-seq'];
      if (typeof seq === 'string') {
        const arrival = performance.timeOrigin + performance.now();
        res.once('finish', () => {
          pending += `${seq} ${arrival.toFixed(2)} ${(performance.timeOrigin + performance.now()).toFixed(2)}\n`;
        });
      }
    }
    return (emit as (this: http.Server, event: string, ...rest: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof emit;
}
