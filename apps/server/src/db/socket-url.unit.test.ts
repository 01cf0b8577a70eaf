import { describe, expect, it } from 'vitest';
import { splitSocketUrl } from './socket-url.ts';

describe('a DATABASE_URL naming a socket directory', () => {
  it('becomes the driver’s socket path, the rest of the URL kept', () => {
    expect(
      splitSocketUrl('postgres://lunara:secret@localhost/lunara?host=/var/run/postgresql&sslmode=disable'),
    ).toEqual({
      url: 'postgres://lunara:secret@localhost/lunara?sslmode=disable',
      path: '/var/run/postgresql/.s.PGSQL.5432',
    });
    expect(splitSocketUrl('postgresql://localhost:6543/lunara?host=/tmp/')).toEqual({
      url: 'postgresql://localhost:6543/lunara',
      path: '/tmp/.s.PGSQL.6543',
    });
  });

  it('leaves a TCP URL, and a host that is not a directory, alone', () => {
    expect(splitSocketUrl('postgres://postgres@127.0.0.1:5432/test')).toEqual({
      url: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(splitSocketUrl('postgres://localhost/lunara?host=db.internal')).toEqual({
      url: 'postgres://localhost/lunara?host=db.internal',
    });
  });
});
