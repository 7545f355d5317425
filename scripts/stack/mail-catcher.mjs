#!/usr/bin/env node
// A mail catcher for scripts/stack-smoke.sh, the docker-free stand-in for compose.yaml's mailpit:
// an SMTP server (smtp-server, from the nodemailer project) that parses every message it receives
// (mailparser) and keeps it in memory, and an HTTP port answering the one mailpit API call the
// smoke client reads, `GET /api/v1/messages` (newest first, mailpit's field names), so the client
// checks both stacks the same way (scripts/stack/shoppers.mjs).
//   node scripts/stack/mail-catcher.mjs SMTP_PORT HTTP_PORT   (both on 127.0.0.1)
// Prints `mail catcher ready` once both ports listen; SIGTERM/SIGINT stop it.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) {
  console.error('usage: mail-catcher.mjs SMTP_PORT HTTP_PORT');
  process.exit(2);
}

/** Newest first, as mailpit lists them. */
const messages = [];
const addresses = (list) =>
  (Array.isArray(list) ? list : list ? [list] : []).flatMap((a) =>
    a.value.map((v) => ({ Name: v.name ?? '', Address: v.address ?? '' })),
  );

const smtp = new SMTPServer({
  // The servers connect with smtp:// and no credentials, as they do to mailpit in compose.yaml.
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        messages.unshift({
          ID: String(messages.length + 1),
          MessageID: mail.messageId ?? '',
          From: addresses(mail.from)[0] ?? { Name: '', Address: '' },
          To: addresses(mail.to),
          Subject: mail.subject ?? '',
          Created: new Date().toISOString(),
          Snippet: (mail.text ?? '').replace(/\s+/g, ' ').trim().slice(0, 250),
          Attachments: mail.attachments.length,
          // The envelope, which the headers need not match.
          Envelope: {
            From: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            To: session.envelope.rcptTo.map((r) => r.address),
          },
        });
        console.log(
          `mail catcher: received "${mail.subject}" for ${session.envelope.rcptTo.map((r) => r.address).join(', ')}`,
        );
        callback();
      },
      (err) => callback(err),
    );
  },
});

const api = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://catcher');
  if (req.method === 'GET' && url.pathname === '/api/v1/messages') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ total: messages.length, count: messages.length, messages }));
    return;
  }
  if (req.method === 'GET' && url.pathname === '/livez') {
    res.writeHead(200).end('ok');
    return;
  }
  res.writeHead(404).end();
});

await Promise.all([
  new Promise((resolve, reject) => {
    smtp.on('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', resolve);
  }),
  new Promise((resolve, reject) => {
    api.on('error', reject);
    api.listen(httpPort, '127.0.0.1', resolve);
  }),
]);
console.log(
  `mail catcher ready: SMTP 127.0.0.1:${smtpPort}, API http://127.0.0.1:${httpPort}/api/v1/messages`,
);

const stop = () => {
  api.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
