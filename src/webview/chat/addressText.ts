/** Text whose web addresses wrap only as a whole or after a `/`: each part between slashes stays on one line. */
import { addressPieces } from '../../chat/addressPieces';
import { el } from './dom';

export function addressText(text: string): Node[] {
  return addressPieces(text).map((piece) => {
    if ('text' in piece) return document.createTextNode(piece.text);
    const parts = piece.address.flatMap((part, i) => [...(i > 0 ? [el('wbr')] : []), el('span', { class: 'address-part' }, part)]);
    return el('span', { class: 'address' }, ...parts);
  });
}
