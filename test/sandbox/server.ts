// The sandbox over HTTP on the loopback interface, for the demo and end-to-end tests.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Sandbox, type SandboxOptions } from './app';

export const DEFAULT_SANDBOX_PORT = 8787;

export interface RunningSandbox {
  sandbox: Sandbox;
  url: string;
  server: Server;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSandbox(options: SandboxOptions & { port?: number; host?: string } = {}): Promise<RunningSandbox> {
  const sandbox = new Sandbox(options);
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    void (async () => {
      // "down": the connection is dropped, as when the service cannot be reached (control path excepted).
      if (sandbox.faults.down && !req.url?.startsWith('/__sandbox/')) return void req.socket.destroy();
      if (sandbox.faults.slowMs && !req.url?.startsWith('/__sandbox/')) await new Promise((r) => setTimeout(r, sandbox.faults.slowMs));
      try {
        const headers: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        const out = sandbox.handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body: await readBody(req) });
        // Applied, but the answer is lost: the connection drops before it.
        if (out.lost) return void req.socket.destroy();
        res.writeHead(out.status, out.headers).end(out.body);
      } catch (error) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: String(error) }));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    sandbox,
    server,
    url: `http://${host}:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
