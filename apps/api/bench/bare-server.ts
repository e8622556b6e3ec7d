import Fastify from 'fastify';

// The machine's ceiling: a bare Fastify route answering a small JSON body.
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ msg: 'ok', data: { id: 1, name: 'bare' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
