import http from 'node:http';

/**
 * A small reverse proxy, as a load balancer in front of several app processes: round-robin, and a
 * request whose upstream refuses the connection is tried on the next one (it never reached the app).
 */
export interface Proxy {
  url: string;
  /** The upstream that took the latest event stream. */
  lastStreamUpstream: string | undefined;
  close(): Promise<void>;
}

export async function startProxy(upstreams: string[]): Promise<Proxy> {
  let next = 0;
  let lastStreamUpstream: string | undefined;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const upstreamUrl = upstreams[next++ % upstreams.length] ?? '';
        const target = new URL(request.url ?? '/', upstreamUrl);
        const upstream = http.request(
          target,
          { method: request.method, headers: { ...request.headers, host: target.host } },
          (answer) => {
            if (target.pathname === '/api/realtime' && answer.statusCode === 200) lastStreamUpstream = upstreamUrl;
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            // The app process died mid-answer: the client sees the connection end.
            answer.on('error', () => response.destroy());
            answer.on('aborted', () => response.destroy());
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (response.headersSent) return response.destroy();
          if (error.code === 'ECONNREFUSED' && tries < upstreams.length) return attempt(tries + 1);
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { code: 'BAD_GATEWAY', message: 'No app process answered' } }));
        });
        upstream.end(body);
      };
      attempt(1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('proxy did not start');
  return {
    url: `http://127.0.0.1:${address.port}`,
    get lastStreamUpstream() {
      return lastStreamUpstream;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
