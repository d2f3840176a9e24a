/**
 * The folder every path sits inside, when there is exactly one top-level
 * folder and no top-level file; otherwise null. Only one level is looked at,
 * so "a/b/index.html" gives "a" and the site keeps its "b/" folder.
 */
export function commonTopFolder(paths: Iterable<string>): string | null {
  let top: string | null = null;
  for (const path of paths) {
    const slash = path.indexOf('/');
    if (slash <= 0) return null;
    const first = path.slice(0, slash);
    if (top === null) top = first;
    else if (first !== top) return null;
  }
  return top;
}

export function stripTopFolder(path: string, top: string | null): string {
  return top === null ? path : path.slice(top.length + 1);
}
