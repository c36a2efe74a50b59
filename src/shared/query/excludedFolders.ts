// Trash and Spam: the folders and labels every search leaves out unless its query asks for them (in:trash, in:anywhere).
import type { QueryNode } from './ast';
import { queryLeaves } from './leaves';
import { placeKey } from './placeKey';

/**
 * Deleted mail, by the names mail programs give it: Gmail's label (and its localized Takeout and IMAP names), Outlook's
 * Deleted Items in the languages of its PST/OST files (the PST reader does not read the well-known folder ids that would
 * name it in any language), Apple Mail's Deleted Messages, Thunderbird's, Dovecot's and Courier's Trash.
 */
const TRASH_NAMES = [
  'Trash',
  'Bin',
  'Deleted Items',
  'Deleted Messages',
  'INBOX.Trash',
  'Papierkorb',
  'Corbeille',
  'Papelera',
  'Cestino',
  'Prullenbak',
  'Lixeira',
  'Lixo',
  'Papperskorgen',
  'Papirkurv',
  'Gelöschte Elemente',
  'Gelöschte Objekte',
  'Éléments supprimés',
  'Elementos eliminados',
  'Elementos borrados',
  'Posta eliminata',
  'Verwijderde items',
  'Itens Excluídos',
  'Itens Eliminados',
  'Borttagna objekt',
  'Slettet post',
  'Slettede elementer',
  'Poistetut',
  'Elementy usunięte',
  'Odstraněná pošta',
  'Törölt elemek',
  'Удаленные',
  'Удалённые',
  '削除済みアイテム',
  'ゴミ箱',
  '已删除邮件',
  '已刪除的郵件',
  '지운 편지함',
];

/** Unwanted mail: Gmail's Spam, Outlook's Junk E-mail in its languages, Apple Mail's and Thunderbird's Junk, Yahoo's Bulk. */
const SPAM_NAMES = [
  'Spam',
  'Junk',
  'Junk E-mail',
  'Junk Email',
  'Junk Mail',
  'Bulk Mail',
  'INBOX.Junk',
  'INBOX.Spam',
  'Junk-E-Mail',
  'Courrier indésirable',
  'Correo no deseado',
  'Posta indesiderata',
  'Ongewenste e-mail',
  'Lixo Eletrônico',
  'Lixo Eletrónico',
  'Skräppost',
  'Uønsket mail',
  'Søppelpost',
  'Roskaposti',
  'Wiadomości-śmieci',
  'Nevyžádaná pošta',
  'Levélszemét',
  'Нежелательная почта',
  '迷惑メール',
  '垃圾邮件',
  '垃圾郵件',
  '스팸 메일',
];

const EXCLUDED_NAMES = new Set([...TRASH_NAMES, ...SPAM_NAMES].map(placeKey));

/**
 * Whether a folder path or label is Trash or Spam or lies inside one ("Deleted Items/Old project": Outlook moves a
 * deleted folder under Deleted Items; "[Gmail]/Trash": IMAP exports nest Gmail's). Takes a path as stored or as a
 * place key alike.
 */
export function isExcludedPlace(place: string): boolean {
  return place.split('/').some((segment) => EXCLUDED_NAMES.has(placeKey(segment)));
}

/**
 * Whether a query asks for what searches leave out: it names Trash or Spam (`in:trash`, `@folder:"Deleted Items"`, as
 * clicking the folder does), says `in:anywhere`, or names a thread or message (`thread:`, `id:`, `@thread:`,
 * `@document:`), which the reader uses to show a whole conversation, trashed messages too. Only where the query wants
 * them: `-in:spam` asks for nothing.
 *
 * A message is left out when any of its folder and labels is Trash or Spam, even if it is also in Inbox: in Gmail a
 * message with the Trash label is in Trash (deleting only adds the label), and Gmail's own search leaves it out.
 */
export function asksForExcludedPlaces(root: QueryNode | null): boolean {
  return queryLeaves(root).some(({ leaf, isNegated }) => {
    if (isNegated || leaf.kind !== 'filter') return false;
    const filter = leaf.filter;
    if (filter.field === 'place') return isExcludedPlace(filter.value);
    if (filter.field === 'thread' || filter.field === 'id') return true;
    if (filter.field !== 'scope') return false;
    return filter.scope === 'folder' || filter.scope === 'label' ? filter.values.some(isExcludedPlace) : filter.scope !== 'collection';
  });
}
