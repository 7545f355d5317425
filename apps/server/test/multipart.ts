import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** One file of a multipart/form-data body, in the form field `field`. */
export interface FilePart {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body of these text fields, then these files, with a random boundary. */
export function multipartBody(files: FilePart[], fields: [name: string, value: string][] = []) {
  const boundary = `----rebound${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A multipart body of one photo part of `fileBytes` bytes, made as it is read: `read()` says how
 * many bytes the server pulled, so a test sees whether the body was consumed.
 */
export function countedMultipart(fileBytes: number) {
  const boundary = `----rebound${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = head.length + fileBytes + tail.length;
  const chunk = Buffer.alloc(64 * 1024, 7);
  let sent = 0;
  let body = 0;
  const stream = new Readable({
    read() {
      if (sent === 0) {
        sent += head.length;
        this.push(head);
      } else if (body < fileBytes) {
        const n = Math.min(chunk.length, fileBytes - body);
        body += n;
        sent += n;
        this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      } else if (sent < total) {
        sent += tail.length;
        this.push(tail);
      } else {
        this.push(null);
      }
    },
  });
  return {
    stream,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(total),
    },
    read: () => sent,
  };
}
