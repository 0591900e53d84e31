// A render thread that fails as a real one can (render-thread.test.ts): it says it is ready, then never answers a
// render (stuck in a render that does not end), or ends (crashes) when the page asked for is a search for "crash".
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (msg) => {
  if (msg.type === 'render' && msg.path.includes('crash')) process.exit(3);
});
parentPort.postMessage({ type: 'ready' });
