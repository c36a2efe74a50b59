// Ordinals by Message-ID made a step at a time are those made at once, a message stored twice listed twice, and a
// step notes at most a few thousand messages.
import { describe, expect, it } from 'vitest';
import { messageIdOrdinals, messageIdSteps } from './messageIdOrdinals';
import { StringList } from './stringList';

describe('ordinals by Message-ID', () => {
  it('made in steps equal those made at once, and each ordinal of a Message-ID stored more than once is kept', () => {
    // Every hundredth message stored again, every thousandth without a Message-ID.
    const values = Array.from({ length: 20_000 }, (_, ordinal) =>
      ordinal % 1000 === 0 ? '' : ordinal % 100 === 0 ? `<${ordinal - 1}@example.org>` : `<${ordinal}@example.org>`,
    );
    const steps = messageIdSteps(StringList.of(values), values.length);
    let count = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) count += 1;
    expect(count).toBe(1 + Math.floor(values.length / 8192));
    const made = step.value;
    expect([...made]).toEqual([...messageIdOrdinals(StringList.of(values), values.length)]);
    expect(made.get('<99@example.org>')).toEqual([99, 100]);
    expect(made.get('<101@example.org>')).toBe(101);
    expect(made.has('')).toBe(false);
    expect(made.size).toBe(values.length - 20 - 180);
  });
});
