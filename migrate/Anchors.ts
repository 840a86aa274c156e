/** The libraries portico-migrate moves a project from, by the name the command takes. */
import type { Anchor, AnchorName } from "./Anchor.ts"
import { appkit } from "./anchors/appkit.ts"
import { connectkit } from "./anchors/connectkit.ts"
import { onchainkit } from "./anchors/onchainkit.ts"
import { rainbowkit } from "./anchors/rainbowkit.ts"

export const anchors: Readonly<Record<AnchorName, Anchor>> = { rainbowkit, connectkit, onchainkit, appkit }
