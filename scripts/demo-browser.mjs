#!/usr/bin/env node
// The demo's "browser": opens the sign-in address it is given (its last argument) and follows the
// redirects, as a browser would. The demo sandbox auto-approves, so the first redirect already goes to
// the loopback address `wts login` listens on. Used only by `npm run demo`, through BROWSER.
let next = new URL(process.argv.at(-1));
for (let hop = 0; hop < 10; hop++) {
  const res = await fetch(next, { redirect: 'manual' });
  const location = res.headers.get('location');
  await res.arrayBuffer();
  if (res.status < 300 || res.status > 399 || !location) break;
  next = new URL(location, next);
}
