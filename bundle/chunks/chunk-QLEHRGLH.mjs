import{a as e}from"./chunk-OLR4FEVS.mjs";function i(t){return`Saved the plan to ${t}; apply it with: monitors apply --plan ${t}
`}function a(t,n){let o=n.environment?`, environment ${n.environment.name}`:"";return`${e(`Saved plan ${t}: made ${n.createdAt} by monitors ${n.toolVersion}${o}, against the lock file ${n.lockPath}.`)}
`}export{i as a,a as b};
