/** The two checksums of a FLAC frame: CRC-8 (polynomial 0x07) of the header, CRC-16 (0x8005) of the whole frame. */
const CRC8_TABLE = buildTable(0x07, 8);
const CRC16_TABLE = buildTable(0x8005, 16);

function buildTable(polynomial: number, width: number): Uint16Array {
  const topBit = 1 << (width - 1);
  const mask = (1 << width) - 1;
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n << (width - 8);
    for (let k = 0; k < 8; k++) {
      crc = crc & topBit ? ((crc << 1) ^ polynomial) & mask : (crc << 1) & mask;
    }
    table[n] = crc;
  }
  return table;
}

export function crc8(data: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < data.length; i++) {
    crc = CRC8_TABLE[crc ^ data[i]];
  }
  return crc;
}

export function crc16(data: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < data.length; i++) {
    crc = ((crc << 8) & 0xffff) ^ CRC16_TABLE[(crc >>> 8) ^ data[i]];
  }
  return crc;
}
