// Tests for putting folder scopes into queries.
import { describe, expect, it } from 'vitest';
import { currentScope, quoteValue, withScope } from './scopeQuery';

describe('withScope', () => {
  it('puts in:<path> before the words', () => {
    expect(withScope('invoice from:anna', 'Inbox')).toBe('in:Inbox invoice from:anna');
  });
  it('quotes paths with spaces', () => {
    expect(withScope('', 'Sent Mail')).toBe('in:"Sent Mail"');
    expect(currentScope('in:"Sent Mail" report')).toBe('Sent Mail');
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
});

describe('quoteValue', () => {
  it('keeps simple values bare', () => {
    expect(quoteValue('usrp-users')).toBe('usrp-users');
    expect(quoteValue('a:b')).toBe('"a:b"');
  });
});
