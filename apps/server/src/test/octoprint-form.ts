/** An OctoPrint client's upload body (OrcaSlicer, PrusaSlicer's OctoPrint host): form `fields`, then the file. */
export function octoPrintForm(
  name: string,
  content: string,
  fields: Record<string, string> = {},
): { payload: string; contentType: string } {
  const boundary = '----octoprint-upload';
  const payload = [
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
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
