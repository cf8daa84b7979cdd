var e={scope:{kind:"lock"},maxDeletes:20,maxDeleteShare:.5};export{e as a};
