import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{e as t}from"./chunk-RFGL7ABV.mjs";function i(o){return o.option("-y, --yes","do not ask for confirmation (required without a terminal, e.g. in CI; also --auto-approve)").addOption(new t("--auto-approve").hideHelp()).on("option:auto-approve",()=>o.setOptionValueWithSource("yes",!0,"cli")),o}export{i as a};
