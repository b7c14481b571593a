// Loaded into a server a bench starts (node --import <this file>): every 100 ms it writes to
// stderr the longest the event loop was held in that time, as `EVENT_LOOP_MAX_MS <ms>`. The bench
// reads the lines of the stretch it measures; the figure is the server's own, whatever the load
// on the machine does to the calls the bench times from outside.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
setInterval(() => {
  process.stderr.write(`EVENT_LOOP_MAX_MS ${(histogram.max / 1e6).toFixed(1)}\n`);
  histogram.reset();
}, 100).unref();
