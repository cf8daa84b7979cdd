import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
var n=class extends Error{code;hint;exitCode;constructor(t,o,e={}){super(o,e.cause===void 0?void 0:{cause:e.cause}),this.name="MonitorsError",this.code=t,this.hint=e.hint,this.exitCode=e.exitCode??1}};function i(r){return r instanceof n}export{n as a,i as b};
