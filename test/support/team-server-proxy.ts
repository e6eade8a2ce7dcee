// A TCP pass-through in front of the team's PostgreSQL: a laptop connected through it finds the
// server out of reach once the test cuts it (its connections broken, new ones refused), as when
// the server stops or the laptop leaves the network mid-session. No timers: `cut` resolves once
// every connection through it is closed.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export type TeamServerProxy = { port: number; cut(): Promise<void> };

export async function startTeamServerProxy(target: { host: string; port: number }): Promise<TeamServerProxy> {
  const sockets = new Set<Socket>();
  const keep = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((laptop) => {
    const database = connect(target.port, target.host);
    keep(laptop);
    keep(database);
    laptop.pipe(database).pipe(laptop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }),
  };
}
