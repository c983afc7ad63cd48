// The islands' shared stores: notices (shown, replaced, closed, dismissed after 10 s) and the
// visitor's insight id (kept in storage, never sent when malformed).
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_DURATION_MS } from '../../src/lib/constants.ts';
import { $notices, dismissNotice, showNotice } from '../../src/stores/notices.ts';
import {
  $insightId,
  currentInsightId,
  forgetInsightId,
  INSIGHT_ID_STORAGE_KEY,
  rememberInsightId,
} from '../../src/stores/visitor.ts';

describe('notices', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    for (const notice of $notices.get()) dismissNotice(notice.id);
    vi.useRealTimers();
  });

  it('shows a notice bottom-left unless told otherwise', () => {
    const id = showNotice({ kind: 'success', title: 'Feedback', text: 'Sent.' });
    expect($notices.get()).toEqual([
      { id, kind: 'success', title: 'Feedback', text: 'Sent.', placement: 'bottom-left' },
    ]);
    const top = showNotice({ kind: 'info', text: 'Enter Your Email !', placement: 'top-center' });
    expect($notices.get().map((notice) => [notice.id, notice.placement])).toEqual([
      [id, 'bottom-left'],
      [top, 'top-center'],
    ]);
  });

  it(`dismisses each notice ${NOTICE_DURATION_MS} ms after it was shown`, () => {
    const first = showNotice({ kind: 'info', text: 'First' });
    vi.advanceTimersByTime(4_000);
    const second = showNotice({ kind: 'info', text: 'Second' });
    vi.advanceTimersByTime(NOTICE_DURATION_MS - 4_000 - 1);
    expect($notices.get().map((notice) => notice.id)).toEqual([first, second]);
    vi.advanceTimersByTime(1);
    expect($notices.get().map((notice) => notice.id)).toEqual([second]);
    vi.advanceTimersByTime(4_000);
    expect($notices.get()).toEqual([]);
  });

  it('closes a notice at once, and its timer then does nothing', () => {
    const closed = showNotice({ kind: 'danger', text: 'Failed' });
    const kept = showNotice({ kind: 'info', text: 'Kept' });
    dismissNotice(closed);
    expect($notices.get().map((notice) => notice.id)).toEqual([kept]);
    expect(vi.getTimerCount()).toBe(1);
    dismissNotice(closed); // twice is harmless
    expect($notices.get().map((notice) => notice.id)).toEqual([kept]);
  });

  it('the same notice again replaces the first, with a new id and a full 10 s', () => {
    const first = showNotice({ kind: 'info', title: 'Subscribe', text: 'Enter Your Email !', placement: 'top-center' });
    vi.advanceTimersByTime(NOTICE_DURATION_MS - 1_000);
    const again = showNotice({ kind: 'info', title: 'Subscribe', text: 'Enter Your Email !', placement: 'top-center' });
    expect(again).not.toBe(first);
    expect($notices.get().map((notice) => notice.id)).toEqual([again]);
    vi.advanceTimersByTime(NOTICE_DURATION_MS - 1);
    expect($notices.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notices.get()).toEqual([]);
  });

  it('a notice that differs in kind, title or placement is shown beside it', () => {
    showNotice({ kind: 'info', text: 'Same text' });
    showNotice({ kind: 'danger', text: 'Same text' });
    showNotice({ kind: 'info', title: 'Other', text: 'Same text' });
    showNotice({ kind: 'info', text: 'Same text', placement: 'top-center' });
    expect($notices.get()).toHaveLength(4);
  });
});

describe('visitor insight id', () => {
  const ID = '24c28c3d-854d-424f-be3b-d92c73c65bd5';
  beforeAll(() => {
    useTestStorageEngine();
  });
  afterEach(() => {
    cleanTestStorage();
  });

  it('is none at first: calls send null', () => {
    expect($insightId.get()).toBeUndefined();
    expect(currentInsightId()).toBeNull();
  });

  it('remembers an id in storage, and forgets it', () => {
    rememberInsightId(ID);
    expect(currentInsightId()).toBe(ID);
    expect(getTestStorage()).toEqual({ [INSIGHT_ID_STORAGE_KEY]: ID });
    forgetInsightId();
    expect(currentInsightId()).toBeNull();
    expect(getTestStorage()).toEqual({});
  });

  it('ignores an id that is not a UUID', () => {
    rememberInsightId(ID);
    rememberInsightId('not-a-uuid');
    expect(currentInsightId()).toBe(ID);
  });

  it('reads what storage holds (another tab, a returning visitor), but never sends a malformed value', () => {
    setTestStorageKey(INSIGHT_ID_STORAGE_KEY, ID);
    expect(currentInsightId()).toBe(ID);
    setTestStorageKey(INSIGHT_ID_STORAGE_KEY, '<edited by hand>');
    expect($insightId.get()).toBe('<edited by hand>');
    expect(currentInsightId()).toBeNull();
  });
});
