import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { AutosaveController, type AutosaveState } from './autosave-controller.ts';

interface Patch {
  title?: string;
  body?: string;
}
type Sent = Patch & { version: number };

/** A save the test answers by hand, one call at a time. */
function fakeServer() {
  const calls: Array<{ patch: Sent; resolve: (version: number) => void; reject: (error: unknown) => void }> = [];
  const save = (patch: Sent) =>
    new Promise<{ version: number }>((resolve, reject) => {
      calls.push({ patch, resolve: (version) => resolve({ version }), reject });
    });
  return { calls, save };
}

function setup(options: { validate?: (patch: Sent) => string | null } = {}) {
  const server = fakeServer();
  const states: AutosaveState[] = [];
  const saved: number[] = [];
  const autosave = new AutosaveController<Patch, { version: number }>({
    version: 3,
    save: server.save,
    onSaved: (result) => saved.push(result.version),
    onChange: (state) => states.push(state),
    validate: options.validate,
  });
  return { server, states, saved, autosave };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the editors’ autosave', () => {
  it('waits a second after the last keystroke, then sends every change at once with the version', async () => {
    const { server, autosave } = setup();
    autosave.change({ title: 'M' });
    await vi.advanceTimersByTimeAsync(900);
    autosave.change({ title: 'Moon' });
    autosave.change({ body: 'Hello' });
    await vi.advanceTimersByTimeAsync(900);
    expect(server.calls).toHaveLength(0);
    expect(autosave.current).toEqual({ status: 'pending', message: null, isDirty: true });
    await vi.advanceTimersByTimeAsync(100);
    expect(server.calls.map((call) => call.patch)).toEqual([{ title: 'Moon', body: 'Hello', version: 3 }]);
    expect(autosave.current.status).toBe('saving');
  });

  it('shows Saved once the server has it, and saves next from the version it answered', async () => {
    const { server, autosave, saved } = setup();
    autosave.change({ title: 'One' });
    await vi.advanceTimersByTimeAsync(1000);
    server.calls[0]?.resolve(4);
    await settle();
    expect(autosave.current).toEqual({ status: 'saved', message: null, isDirty: false });
    expect(saved).toEqual([4]);
    autosave.change({ title: 'Two' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls[1]?.patch).toEqual({ title: 'Two', version: 4 });
  });

  it('loses no keystroke typed during a save: it is sent after it, from the new version', async () => {
    const { server, autosave } = setup();
    autosave.change({ body: 'First' });
    await vi.advanceTimersByTimeAsync(1000);
    autosave.change({ body: 'First and more' });
    // Its own countdown runs out while the first save is still on its way: it must wait, not go in parallel.
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.calls).toHaveLength(1);
    expect(autosave.current.isDirty).toBe(true);
    server.calls[0]?.resolve(4);
    await settle();
    expect(server.calls[1]?.patch).toEqual({ body: 'First and more', version: 4 });
    server.calls[1]?.resolve(5);
    await settle();
    expect(autosave.current).toEqual({ status: 'saved', message: null, isDirty: false });
  });

  it('on a failure keeps the changes, says so, and Retry sends them again', async () => {
    const { server, autosave } = setup();
    autosave.change({ title: 'Keep me' });
    await vi.advanceTimersByTimeAsync(1000);
    server.calls[0]?.reject(new ApiError('We could not reach the server.', 'NETWORK_ERROR', 0));
    await settle();
    expect(autosave.current).toEqual({ status: 'error', message: 'We could not reach the server.', isDirty: true });
    // No retry by itself: a server that is down is not hammered.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls).toHaveLength(1);
    autosave.retry();
    expect(server.calls[1]?.patch).toEqual({ title: 'Keep me', version: 3 });
  });

  it('merges a failed save with what was typed after it, the newer text winning', async () => {
    const { server, autosave } = setup();
    autosave.change({ title: 'Old', body: 'Body' });
    await vi.advanceTimersByTimeAsync(1000);
    autosave.change({ title: 'Newer' });
    server.calls[0]?.reject(new ApiError('Something went wrong', 'HTTP_ERROR', 500));
    await settle();
    autosave.retry();
    expect(server.calls[1]?.patch).toEqual({ title: 'Newer', body: 'Body', version: 3 });
  });

  it('on a 409 shows the server’s message and sends nothing more until reloaded', async () => {
    const { server, autosave } = setup();
    autosave.change({ title: 'Mine' });
    await vi.advanceTimersByTimeAsync(1000);
    server.calls[0]?.reject(new ApiError('Someone else saved changes here.', 'VERSION_CONFLICT', 409));
    await settle();
    expect(autosave.current).toEqual({
      status: 'conflict',
      message: 'Someone else saved changes here.',
      isDirty: true,
    });
    autosave.change({ title: 'Mine again' });
    autosave.retry();
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(1);
    // Reload: the other admin's version is the base now, and our stale changes are gone.
    autosave.reset(9);
    expect(autosave.current).toEqual({ status: 'idle', message: null, isDirty: false });
    autosave.change({ title: 'After reload' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls[1]?.patch).toEqual({ title: 'After reload', version: 9 });
  });

  it('does not send changes its check refuses, and says why', async () => {
    const { server, autosave } = setup({
      validate: (patch) => (patch.title === '' ? 'Give the lesson a title' : null),
    });
    autosave.change({ title: '' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls).toHaveLength(0);
    expect(autosave.current).toEqual({ status: 'invalid', message: 'Give the lesson a title', isDirty: true });
    autosave.change({ title: 'Fixed' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls[0]?.patch).toEqual({ title: 'Fixed', version: 3 });
  });

  it('flush sends at once (before leaving), and a disposed editor schedules nothing more', async () => {
    const { server, autosave } = setup();
    autosave.change({ title: 'Now' });
    autosave.flush();
    expect(server.calls).toHaveLength(1);
    autosave.dispose();
    autosave.change({ title: 'Later' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(1);
  });

  it('runs another change of the record (status, outline) after the save on its way, from its version', async () => {
    const { server, autosave } = setup();
    autosave.change({ title: 'Typed' });
    await vi.advanceTimersByTimeAsync(1000);
    const versions: number[] = [];
    const outline = autosave.exclusive(async (version) => {
      versions.push(version);
      return { version: version + 1 };
    });
    await settle();
    // Not yet: the title's save holds version 3.
    expect(versions).toEqual([]);
    autosave.change({ title: 'Typed during' });
    server.calls[0]?.resolve(4);
    await settle();
    // The edit typed meanwhile was not due yet: the outline goes first, from version 4.
    expect(versions).toEqual([4]);
    await expect(outline).resolves.toEqual({ version: 5 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls[1]?.patch).toEqual({ title: 'Typed during', version: 5 });
  });
});
