/** Control characters, which have no place in a file name. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** A file name safe to save under: no folders, no control characters, not empty. */
function toSafeFilename(name: string): string | null {
  const base = name.split(/[\\/]/).pop()!.replace(CONTROL_CHARACTERS, '').trim();
  return base && base !== '.' && base !== '..' ? base : null;
}

/**
 * The file name a Content-Disposition header suggests (RFC 6266): `filename*` (UTF-8,
 * percent-encoded) wins over `filename`; null when there is none or it is unusable.
 */
export function getFilenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      const name = toSafeFilename(decodeURIComponent(extended[2]!.trim()));
      if (name) return name;
    } catch {
      // A malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
  if (quoted) return toSafeFilename(quoted[1]!.replace(/\\(.)/g, '$1'));
  const bare = /(?:^|;)\s*filename\s*=\s*([^;"\s]+)/i.exec(header);
  return bare ? toSafeFilename(bare[1]!) : null;
}
