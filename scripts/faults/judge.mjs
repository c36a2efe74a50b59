// After a fault: does the store open (or does `check --repair` make it), is anything acknowledged lost or anything
// doubled, and does re-running the interrupted work end with exactly the messages it should.
import { checkStore, errorLine, searchIds } from './storeState.mjs';

function difference(wanted, have) {
  return [...wanted].filter((id) => !have.has(id));
}

/** Problems in words; an error met again (a store that does not open fails every later step alike) is not repeated. */
function problemList() {
  const problems = [];
  const errors = new Set();
  return {
    problems,
    add(text, error = '') {
      problems.push(error === '' ? text : errors.has(error) ? `${text} (the same error)` : `${text}: ${error}`);
      if (error !== '') errors.add(error);
    },
  };
}

function duplicatesIn(ids) {
  return ids.length - new Set(ids).size;
}

/**
 * Opens the store by listing its messages (a read-only open, as `lantern stats` does); with `lantern check` available
 * also asks it, and repairs when it or the open finds a problem. Returns the listing it ends with.
 */
async function recover(lantern, dataDir, hasCheck, report) {
  const first = await searchIds(lantern, dataDir);
  if (!hasCheck) {
    if (!first.ok) report.add('does not open', first.error);
    return { listing: first, repaired: false };
  }
  const check = await checkStore(lantern, dataDir, false);
  if (first.ok && check.ok) return { listing: first, repaired: false };
  const repair = await checkStore(lantern, dataDir, true);
  const second = await searchIds(lantern, dataDir);
  if (!repair.ok) report.add('check --repair left problems', repair.error);
  if (!second.ok) report.add('does not open after check --repair', second.error);
  // What check found, in its words, for the log: a repair after a fault that should leave nothing to repair is a finding.
  const found = (check.report?.parts ?? []).flatMap((part) => part.problems.map((problem) => `${part.name}: ${problem}`));
  return {
    listing: second,
    repaired: second.ok && repair.ok,
    checkFound: found.length > 0 ? found : [check.error || 'the store did not open'],
  };
}

/** Judges one injected fault; `scenario` comes from a fault kind's inject(). */
export async function judge({ lantern, bases, hasCheck }, scenario) {
  const { dataDir, work } = scenario;
  const report = problemList();
  for (const problem of scenario.problems ?? []) report.add(problem);
  const recovery = await recover(lantern, dataDir, hasCheck, report);
  const afterFault = recovery.listing;
  const afterFaultSet = new Set(afterFault.ids);
  const lostAcknowledged = difference(scenario.acknowledged, afterFaultSet);
  const unexpected = difference(afterFaultSet, new Set([...work.expected, ...work.acknowledgedBefore]));
  if (lostAcknowledged.length > 0) report.add(`${lostAcknowledged.length} acknowledged messages missing after the fault`);
  if (unexpected.length > 0) report.add(`${unexpected.length} messages nobody imported`);
  const rerun = await scenario.rerun();
  if (rerun.code !== 0 && !(work.isRerunRefusalFine && scenario.acknowledged === work.acknowledgedAfterReport)) {
    report.add(`re-running the ${work.name} failed`, errorLine(rerun.stderr));
  }
  const final = await searchIds(lantern, dataDir);
  const finalSet = new Set(final.ids);
  if (!final.ok) report.add('cannot list its messages after the re-run', final.error);
  const missing = difference(work.expected, finalSet);
  const extra = difference(finalSet, work.expected);
  if (missing.length > 0) report.add(`${missing.length} messages missing after the re-run`);
  if (extra.length > 0) report.add(`${extra.length} unexpected messages after the re-run`);
  const duplicates = Math.max(duplicatesIn(afterFault.ids), duplicatesIn(final.ids));
  if (duplicates > 0) report.add(`${duplicates} messages listed twice`);
  const probe = await searchIds(lantern, dataDir, bases.probeQuery);
  const probeWanted = [...bases.probeIds].filter((id) => work.expected.has(id));
  if (!probe.ok || probe.ids.length !== probeWanted.length || difference(new Set(probeWanted), new Set(probe.ids)).length > 0) {
    report.add(`the search "${bases.probeQuery}" finds ${probe.ids.length} messages, ${probeWanted.length} expected`);
  }
  if (work.verify) for (const problem of await work.verify(lantern, dataDir, scenario.scratch)) report.add(problem);
  return {
    opened: afterFault.ok && !recovery.repaired,
    repaired: recovery.repaired,
    checkFound: recovery.checkFound ?? [],
    unopenable: !afterFault.ok,
    lost: new Set([...lostAcknowledged, ...missing]).size,
    missingUntilRerun: scenario.isDamage ? difference(work.expected, afterFaultSet).length : 0,
    duplicates,
    problems: report.problems,
  };
}
