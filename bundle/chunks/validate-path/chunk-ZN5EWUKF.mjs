var u=1;function f(e,t){return`${e.url} (${e.resource.kind} ${e.resource.namespace}/${e.resource.name}, ${e.match} ${e.path}) has no monitor in ${t}`}export{u as a,f as b};
