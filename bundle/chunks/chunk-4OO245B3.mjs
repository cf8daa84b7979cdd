import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a as o}from"./chunk-YPV3VKQE.mjs";function r(e){return e.option("--target <name>","plan only the changes of monitors matching NAME or GLOB (* ? [...]; repeatable); the plan is partial, other lock records stay untouched",o).option("--replace <name>","send again a monitor of the YAML matching NAME or GLOB even if nothing differs (repeatable)",o)}export{r as a};
