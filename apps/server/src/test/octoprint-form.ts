import { slicerOctoPrintPath } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

/** The boundary of the tests' forms unless one is chosen; each client picks its own (curl's: dashes and hex). */
const BOUNDARY = '----octoprint-upload';

export interface OctoPrintFormOptions {
  /** The multipart boundary, as a given client writes it. */
  boundary?: string;
}

/**
 * An OctoPrint client's upload body around the file's bytes: `head` (form `fields`, then the file part's headers)
 * and `tail`, for a test that streams the bytes between them at its own pace.
 */
export function octoPrintFormParts(
  name: string,
  fields: Record<string, string> = {},
  { boundary = BOUNDARY }: OctoPrintFormOptions = {},
): { head: string; tail: string; contentType: string } {
  const head = [
    ...Object.entries(fields).flatMap(([field, value]) => [
      `--${boundary}`,
      `Content-Disposition: form-data; name="${field}"`,
      '',
      value,
    ]),
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${name}"`,
    'Content-Type: application/octet-stream',
    '',
    '',
  ].join('\r\n');
  return { head, tail: `\r\n--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** An OctoPrint client's upload body (OrcaSlicer, PrusaSlicer's OctoPrint host): form `fields`, then the file. */
export function octoPrintForm(
  name: string,
  content: string,
  fields: Record<string, string> = {},
  options: OctoPrintFormOptions = {},
): { payload: string; contentType: string } {
  const { head, tail, contentType } = octoPrintFormParts(name, fields, options);
  return { payload: `${head}${content}${tail}`, contentType };
}

/** Posts an OctoPrint client's upload body to a machine's OctoPrint URL, the slicer token as its API key. */
export function postOctoPrintForm(
  app: FastifyInstance,
  controllerId: number,
  token: string,
  { payload, contentType }: { payload: string; contentType: string },
) {
  return app.inject({
    method: 'POST',
    url: `${slicerOctoPrintPath(controllerId)}api/files/local`,
    headers: { 'x-api-key': token, 'content-type': contentType },
    payload,
  });
}
