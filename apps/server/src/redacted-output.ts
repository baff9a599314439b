import { redactLogText } from '@shop/contracts/redaction';

type Write = (chunk: unknown, ...rest: unknown[]) => boolean;

/**
 * Passes what the process writes to `stream` through `redactLogText` (decision 0048): the
 * storefront's own lines (`[web] …`), React Router's reports of a failed loader or render and any
 * library's warning, so a line written without the shop's logger carries no e-mail address or token
 * either. The loggers' JSON lines are redacted by their own hook and go to the file descriptor, not
 * through here.
 */
export function redactWrites(stream: NodeJS.WritableStream): void {
  const write = stream.write.bind(stream) as Write;
  const redacting: Write = (chunk, ...rest) => {
    if (typeof chunk === 'string') return write(redactLogText(chunk), ...rest);
    if (!(chunk instanceof Uint8Array)) return write(chunk, ...rest);
    // Bytes are text here; an encoding given for them no longer applies to the string they become.
    const [encoding, ...callback] = rest;
    return write(redactLogText(Buffer.from(chunk).toString('utf8')), ...(typeof encoding === 'string' ? callback : rest));
  };
  stream.write = redacting as typeof stream.write;
}
