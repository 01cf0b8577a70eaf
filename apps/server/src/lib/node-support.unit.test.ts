import { describe, expect, it } from 'vitest';
import { NODE_END_OF_LIFE, nodeEndOfLifeWarning, RECOMMENDED_NODE_MAJOR } from './node-support.ts';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('the end-of-life warning', () => {
  it('warns on Node.js 20 from its end of life (30 April 2026), not before', () => {
    expect(nodeEndOfLifeWarning('20.19.2', day('2026-04-29'))).toBeUndefined();
    expect(nodeEndOfLifeWarning('20.19.2', day('2026-04-30'))).toBe(
      'Node.js 20 reached its end of life on 2026-04-30 and gets no security fixes: run Lunara on Node.js 24 LTS',
    );
    expect(nodeEndOfLifeWarning('v20.20.2', day('2026-11-23'))).toContain('Node.js 20 reached its end of life');
  });

  it('says nothing on the supported majors today (22 and 24), nor on one newer than the table', () => {
    expect(nodeEndOfLifeWarning('22.12.0', day('2026-11-23'))).toBeUndefined();
    expect(nodeEndOfLifeWarning('24.11.0', day('2026-11-23'))).toBeUndefined();
    expect(nodeEndOfLifeWarning('99.0.0', day('2026-11-23'))).toBeUndefined();
  });

  it('warns on a short-lived odd major once it has ended, and on anything older than the table', () => {
    expect(nodeEndOfLifeWarning('25.1.0', day('2026-06-01'))).toContain('Node.js 25 reached its end of life');
    expect(nodeEndOfLifeWarning('16.20.0', day('2026-11-23'))).toBe(
      'Node.js 16 reached its end of life and gets no security fixes: run Lunara on Node.js 24 LTS',
    );
  });

  it('will warn on every major once its date has passed, the recommended one included', () => {
    for (const [major, endOfLife] of Object.entries(NODE_END_OF_LIFE)) {
      expect(nodeEndOfLifeWarning(`${major}.0.0`, day(endOfLife))).toContain(`Node.js ${major} reached`);
    }
    expect(NODE_END_OF_LIFE[RECOMMENDED_NODE_MAJOR]).toBeDefined();
  });
});
