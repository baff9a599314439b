/**
 * An SMTP server standing in for a shop's mail relay, for the browser tests' shop that sends its
 * e-mail: `PORT=3108 node packages/demo/src/smtp-standin/main.ts`. It takes every message and keeps
 * none, except that it refuses any recipient at `undeliverable.test` (550, as a relay refuses an
 * address that does not exist), so the shop's outbox gives that e-mail up (staff's operations page).
 */
import { createServer, type Socket } from 'node:net';

const REFUSED_DOMAIN = '@undeliverable.test>';

function converse(socket: Socket): void {
  let buffered = '';
  let inData = false;
  const say = (line: string) => socket.write(`${line}\r\n`);
  say('220 smtp-standin ESMTP');
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (;;) {
      if (inData) {
        const end = buffered.indexOf('\r\n.\r\n');
        if (end < 0) return;
        buffered = buffered.slice(end + 5);
        inData = false;
        say('250 2.0.0 queued');
        continue;
      }
      const newline = buffered.indexOf('\r\n');
      if (newline < 0) return;
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') socket.write('250-smtp-standin\r\n250 8BITMIME\r\n');
      else if (verb === 'RCPT') say(line.toLowerCase().endsWith(REFUSED_DOMAIN) ? '550 5.1.1 mailbox unavailable' : '250 2.1.5 ok');
      else if (verb === 'DATA') {
        inData = true;
        // A message may start with the end marker's tail: look for it from the line break before.
        buffered = `\r\n${buffered}`;
        say('354 end data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        say('221 2.0.0 bye');
        socket.end();
        return;
      } else say('250 ok');
    }
  });
}

const server = createServer(converse);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`SMTP stand-in on ${typeof address === 'object' && address ? address.port : address}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
