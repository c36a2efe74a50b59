// Tests for putting folder scopes into queries.
import { describe, expect, it } from 'vitest';
import { currentScope, quoteValue, withScope } from './scopeQuery';

describe('withScope', () => {
  it('puts in:<path> before the words', () => {
    expect(withScope('invoice from:anna', 'Inbox')).toBe('in:Inbox invoice from:anna');
  });
  it('quotes paths with spaces', () => {
    expect(withScope('', 'Sent Mail')).toBe('in:"Sent Mail"');
    expect(currentScope('in:"Sent Mail" report')).toEqual({ path: 'Sent Mail', collection: null });
  });
  it('replaces an existing scope, including its aliases and negation', () => {
    expect(withScope('label:work -in:spam report', 'Inbox')).toBe('in:Inbox report');
  });
  it('removes the scope for all mail', () => {
    expect(withScope('in:"Sent Mail" report', null)).toBe('report');
  });
  it('leaves other operators alone', () => {
    expect(withScope('subject:"in: the loop"', 'a')).toBe('in:a subject:"in: the loop"');
  });
  it('keeps in:anywhere, which asks for Trash and Spam, when a folder or All mail is clicked', () => {
    expect(withScope('in:anywhere invoice', 'Inbox')).toBe('in:Inbox in:anywhere invoice');
    expect(withScope('in:Inbox in:anywhere invoice', null)).toBe('in:anywhere invoice');
    expect(currentScope('in:anywhere invoice')).toBeNull();
  });
  it('names the source when the path alone is ambiguous, and replaces it on the next click', () => {
    const scoped = withScope('report', { path: 'sbeck/Inbox', collection: 'enron-1a2b' });
    expect(scoped).toBe('in:sbeck/Inbox @collection:enron-1a2b report');
    expect(currentScope(scoped)).toEqual({ path: 'sbeck/Inbox', collection: 'enron-1a2b' });
    expect(withScope(scoped, 'Sent')).toBe('in:Sent report');
  });
  it('writes and reads back a whole-path scope', () => {
    const scoped = withScope('report', { path: '/sbeck/Sent Items', collection: null });
    expect(scoped).toBe('in:"/sbeck/Sent Items" report');
    expect(currentScope(scoped)).toEqual({ path: '/sbeck/Sent Items', collection: null });
    expect(currentScope('in:/Inbox report')).toEqual({ path: '/Inbox', collection: null });
  });
});

describe('quoteValue', () => {
  it('keeps simple values bare', () => {
    expect(quoteValue('usrp-users')).toBe('usrp-users');
    expect(quoteValue('a:b')).toBe('"a:b"');
  });
});
