import { crc32, deflateRawSync } from 'node:zlib';

/** One file of a test archive; `claimedSize` lies about its inflated size, as a crafted one may. */
export interface ZipEntry {
  name: string;
  data: Buffer;
  deflate?: boolean;
  claimedSize?: number;
}

/**
 * A ZIP archive of the given files, written by hand (local headers, the central directory and
 * its end record), so that a test can build the crafted archives no library would write.
 */
export function zipFile(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const size = entry.claimedSize ?? entry.data.length;
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      header.writeUInt16LE(entry.deflate ? 8 : 0, at + 4);
      header.writeUInt32LE(0, at + 6); // time and date
      header.writeUInt32LE(crc32(entry.data), at + 10);
      header.writeUInt32LE(body.length, at + 14);
      header.writeUInt32LE(size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
      header.writeUInt16LE(0, at + 24); // extra field
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A Daylio backup archive: the document as base64 text in lines, beside the given files. */
export function daylioBackupFile(document: unknown, others: ZipEntry[] = []): Buffer {
  const base64 = Buffer.from(JSON.stringify(document)).toString('base64');
  const text = base64.replace(/(.{76})/g, '$1\r\n');
  return zipFile([{ name: 'backup.daylio', data: Buffer.from(text), deflate: true }, ...others]);
}
