// Preloaded with NODE_OPTIONS=--require into a measured process: at exit, appends the process's peak
// resident set size (kilobytes, from getrusage) to the file named by BENCH_RSS_FILE.
const { appendFileSync } = require('node:fs');

process.on('exit', () => {
  appendFileSync(process.env.BENCH_RSS_FILE, `${process.resourceUsage().maxRSS}\n`);
});
