import type { FastifyInstance } from 'fastify';

/** Posts form fields and at most one file as multipart/form-data; answers the JSON status, body and HTTP status. */
export async function postMultipart(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  file?: { filename: string; bytes: Buffer },
): Promise<{ status: string; body: Record<string, unknown>; statusCode: number }> {
  const boundary = `----hortus${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  const body = JSON.parse(response.body) as Record<string, unknown>;
  return { status: body.status as string, body, statusCode: response.statusCode };
}
