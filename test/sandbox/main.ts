// `npm run sandbox`: the sandbox service alone, until Ctrl+C.
import { DEMO_KEY } from './seed';
import { DEFAULT_SANDBOX_PORT, startSandbox } from './server';
import { CONVENTION_SHAPES, type ConventionShape } from './conventions/index';
import { RESPONSE_SHAPES, type ResponseShape } from './shapes';

const port = Number(process.env.SANDBOX_PORT ?? process.argv[2] ?? DEFAULT_SANDBOX_PORT);
const running = await startSandbox({ port });
const shape = process.env.SANDBOX_SHAPE;
if (shape === 'random' || shape === 'tokens') {
  // A seed of its own each run unless given: the same seed answers in the same shapes.
  const seed = process.env.SANDBOX_SEED ? Number(process.env.SANDBOX_SEED) : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isInteger(seed)) throw new Error(`SANDBOX_SEED must be an integer, got "${process.env.SANDBOX_SEED}"`);
  running.sandbox.faults = { shape: 'random', seed, ...(shape === 'tokens' ? { tokens: true } : {}) };
  const what = shape === 'tokens' ? 'a random shape with every unnamed word a token' : 'a random shape';
  console.log(`Answering every operation in ${what}, seed ${seed} (SANDBOX_SEED=${seed} answers the same way again).`);
} else if (shape) {
  const named: readonly string[] = [...RESPONSE_SHAPES, ...CONVENTION_SHAPES];
  if (!named.includes(shape)) throw new Error(`SANDBOX_SHAPE must be random, tokens or one of: ${named.join(', ')}`);
  running.sandbox.faults = { shape: shape as ResponseShape | ConventionShape };
  console.log(`Answering in the "${shape}" shape.`);
}
console.log(`Sandbox service listening on ${running.url}`);
console.log(`Demo API key: ${DEMO_KEY}`);
console.log('Press Ctrl+C to stop.');
const stop = () => void running.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
