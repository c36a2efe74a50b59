// To, Cc and Bcc lists read over many messages (counting contacts), each distinct list parsed once: a thread's list
// repeats in every reply. The lists are shared between messages, so callers only read them.
import type { Address } from '../../shared/model/message';
import type { Catalog } from './catalog';

export function recipientsReader(catalog: Catalog): (ordinal: number, field: 'to' | 'cc' | 'bcc') => Address[] {
  const parsed = { to: new Map<number, Address[]>(), cc: new Map<number, Address[]>(), bcc: new Map<number, Address[]>() };
  return (ordinal, field) => {
    const number = catalog.recipientListNumber(ordinal, field);
    let people = parsed[field].get(number);
    if (people === undefined) {
      people = catalog.recipients(ordinal, field);
      parsed[field].set(number, people);
    }
    return people;
  };
}
