// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorMessage, ErrorSentence } from '../../../components/shared/error-message';
import { BudgetWait } from '../../../components/options/budget-wait';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 10, 24, 9));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const limited = { kind: 'rate-limited' as const, message: 'Too Many Attempts.', status: 429, retryAfterSeconds: 30 };
const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('waits that count down', () => {
  it('counts a rate limit down from the service’s retry-after, then says the wait is over', async () => {
    render(<ErrorMessage error={limited} />);
    expect(screen.getByRole('alert').textContent).toMatch(/Try again in 30 seconds/);
    await tick(12_000);
    expect(screen.getByRole('alert').textContent).toMatch(/Try again in 18 seconds/);
    await tick(18_000);
    expect(screen.getByRole('alert').textContent).toMatch(/The wait the service asked for is over/);
  });

  it('counts from when the answer came, not from when the sentence is shown', () => {
    render(<ErrorSentence error={limited} at={Date.now() - 20_000} />);
    expect(document.body.textContent).toMatch(/Try again in 10 seconds/);
  });

  it('leaves other failures as they are', () => {
    render(<ErrorSentence error={{ kind: 'server', message: 'Bad gateway', status: 502 }} />);
    expect(document.body.textContent).toBe('The service has a problem right now. Try again in a few minutes.');
  });

  it('counts the wait for the request budget down', async () => {
    render(<BudgetWait seconds={5} />);
    expect(screen.getByRole('status').textContent).toMatch(/in 5 s/);
    await tick(3_000);
    expect(screen.getByRole('status').textContent).toMatch(/in 2 s/);
  });
});
