import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import"./chunk-JBJVVJLC.mjs";function n(o){o.command("lsp").description("Run the language server for editors over stdin/stdout: validate as you type, hover, completion, rename with moved:, what apply would do. No network, no token.").option("--stdio","talk over stdin and stdout (the default and only transport; editors pass it)").action(async t=>{let{runLsp:e}=await import("./lsp-run-46J5CTVA.mjs");process.exitCode=await e(t)})}export{n as registerLsp};
