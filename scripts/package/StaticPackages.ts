/**
 * The packages a built module and the files it statically imports load (dynamic imports run only on
 * demand): what its package must declare for it to start.
 */
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"

export const staticPackages = (file: string, seen = new Set<string>()): ReadonlySet<string> => {
  const found = new Set<string>()
  if (seen.has(file)) return found
  seen.add(file)
  const source = readFileSync(file, "utf8")
  for (const match of source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gm)) {
    const specifier = match[1] ?? match[2] ?? ""
    if (specifier.startsWith(".")) {
      for (const name of staticPackages(join(dirname(file), specifier), seen)) found.add(name)
    } else if (!specifier.startsWith("node:")) {
      found.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0] ?? specifier)
    }
  }
  return found
}
