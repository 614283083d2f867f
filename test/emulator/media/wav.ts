const HEADER_SIZE = 44;
const PCM_FORMAT = 1;
const BYTES_PER_SAMPLE = 2;

/** RIFF/WAVE header for 16-bit mono PCM whose data size is known up front. */
export function wavHeader(sampleRate: number, dataBytes: number): Buffer {
  const header = Buffer.alloc(HEADER_SIZE);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(HEADER_SIZE - 8 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(PCM_FORMAT, 20);
  header.writeUInt16LE(1, 22); // channels
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * BYTES_PER_SAMPLE, 28); // byte rate
  header.writeUInt16LE(BYTES_PER_SAMPLE, 32); // block align
  header.writeUInt16LE(BYTES_PER_SAMPLE * 8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
