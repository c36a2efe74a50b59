// Which addresses are one person: same name, same personal local part at related domains, or a name spelled as the address.
import type { AliasReason } from '../../shared/model/people';
import { foldText } from '../../shared/query/fold';

/** One address as the rule sees it. */
export interface AliasCandidate {
  address: string;
  /** The name it was written under most. */
  name: string;
  isList: boolean;
  /** Kept apart by the person's choice: joins no one. */
  isSeparated: boolean;
}

/** An edge of a group: `address` joined `matchedWith` for `reason`. */
export interface AliasLink {
  from: number;
  to: number;
  reason: AliasReason;
}

export const ALIAS_RULE =
  'Addresses are one person when written under the same full name (ignoring middle initials, case, accents and "Last, First"), ' +
  'when the same personal local part (adam.hall@) is used at a domain and its subdomain, or when an address without another ' +
  'name spells the name (adam.hall@… for Adam Hall). Lists and one-word names are never merged.';

/** Words that make a display name a role or a list rewrite, never one person's name. */
const NOT_A_PERSON = new Set([
  'via',
  'team',
  'support',
  'info',
  'admin',
  'noreply',
  'no',
  'reply',
  'list',
  'the',
  'and',
  'on',
  'behalf',
  'of',
]);

/**
 * A full name as compared: "Hall, Adam C." and "Adam Hall" are both "adam hall". Null when it is not a person's full
 * name: one word ("Adam" is many people), an address, or role words ("Support Team", "Jason via USRP-users").
 */
export function nameKey(name: string): string | null {
  if (name.includes('@')) return null;
  let text = foldText(name).replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
  const parts = text.split(',');
  // "Hall, Adam" is Outlook's order; a name with more commas is a list of people or a title, left alone.
  if (parts.length === 2) text = `${parts[1]} ${parts[0]}`;
  else if (parts.length > 2) return null;
  const words = text.match(/\p{L}+/gu) ?? [];
  if (words.some((word) => NOT_A_PERSON.has(word))) return null;
  const full = words.filter((word) => word.length > 1);
  return full.length >= 2 ? full.join(' ') : null;
}

/** A local part that spells a name ("adam.hall", "adam_hall"), as a name key; null for "info", "ahall", "adam.h". */
export function localNameKey(address: string): string | null {
  const local = address.slice(0, address.indexOf('@')).toLowerCase();
  const words = local.split(/[._-]/);
  return words.length >= 2 && words.every((word) => /^\p{L}{2,}$/u.test(word)) ? words.join(' ') : null;
}

/** The domain and its parent domains down to two labels: mail.example.com gives mail.example.com and example.com. */
function domainAndParents(address: string): string[] {
  const labels = address.slice(address.indexOf('@') + 1).split('.');
  const domains: string[] = [];
  for (let start = 0; start <= labels.length - 2; start += 1) domains.push(labels.slice(start).join('.'));
  return domains;
}

/** The links that join candidates into people; each candidate joins through at most one link per rule. */
export function aliasLinks(candidates: readonly AliasCandidate[]): AliasLink[] {
  const links: AliasLink[] = [];
  const firstByName = new Map<string, number>();
  const firstByLocal = new Map<string, number>();
  const mergeable = (index: number): boolean => !candidates[index]!.isList && !candidates[index]!.isSeparated;
  candidates.forEach((candidate, index) => {
    if (!mergeable(index)) return;
    const key = nameKey(candidate.name);
    if (key === null) return;
    const earlier = firstByName.get(key);
    if (earlier === undefined) firstByName.set(key, index);
    else links.push({ from: index, to: earlier, reason: 'same-name' });
  });
  candidates.forEach((candidate, index) => {
    if (!mergeable(index) || localNameKey(candidate.address) === null) return;
    const local = candidate.address.slice(0, candidate.address.indexOf('@'));
    // Keyed by each parent domain, so adam.hall@mail.example.com meets adam.hall@example.com (never gmail.com vs example.com).
    for (const domain of domainAndParents(candidate.address)) {
      const key = `${local}@${domain}`;
      const earlier = firstByLocal.get(key);
      if (earlier === undefined) firstByLocal.set(key, index);
      else if (earlier !== index) links.push({ from: index, to: earlier, reason: 'same-local-part' });
    }
  });
  candidates.forEach((candidate, index) => {
    if (!mergeable(index)) return;
    const spelled = localNameKey(candidate.address);
    if (spelled === null) return;
    const own = nameKey(candidate.name);
    // Only an address with no name of its own (or the same one): adam.hall@ written as "Adam Hallberg" stays apart.
    if (own !== null && own !== spelled) return;
    if (own === null && candidate.name.trim() !== '' && !candidate.name.includes('@') && foldText(candidate.name).trim() !== spelled)
      return;
    const named = firstByName.get(spelled);
    if (named !== undefined && named !== index) links.push({ from: index, to: named, reason: 'name-in-address' });
  });
  return links;
}
