import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SCRIPTS_FILE, readPageScripts } from './page-scripts';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

async function distWith(content: string | null): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), 'rebound-page-scripts-'));
  if (content !== null) {
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, PAGE_SCRIPTS_FILE), content);
  }
  return dir;
}

describe('readPageScripts', () => {
  it("reads each storefront page's scripts", async () => {
    const list = {
      home: ['/assets/page-home-Ab12.js'],
      product: ['/assets/page-product-Cd34.js', '/assets/x_y.js'],
    };
    expect(await readPageScripts(await distWith(JSON.stringify(list)))).toEqual(list);
  });

  it('gives none without a list, or with one it cannot read', async () => {
    expect(await readPageScripts(await distWith(null))).toEqual({});
    expect(await readPageScripts(await distWith('{ not json'))).toEqual({});
    expect(await readPageScripts(await distWith('["/assets/a.js"]'))).toEqual({});
  });

  it("drops a page whose list names anything but the build's scripts, and pages it does not know", async () => {
    const list = {
      home: ['/assets/page-home-Ab12.js', '"><script>alert(1)</script>'],
      shop: ['https://elsewhere.example/x.js'],
      drops: '/assets/page-drops.js',
      product: ['/assets/page-product-Cd34.js'],
      admin: ['/assets/admin.js'],
    };
    expect(await readPageScripts(await distWith(JSON.stringify(list)))).toEqual({
      product: ['/assets/page-product-Cd34.js'],
    });
  });
});
