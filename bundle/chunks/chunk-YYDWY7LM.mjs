import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
function s(){for(let o of[process.stdout,process.stderr])o.on("error",r=>{r.code!=="EPIPE"&&(process.exitCode=1,o===process.stdout&&process.stderr.write(`error OUTPUT_FAILED: stdout: ${r.message}
`))})}export{s as a};
