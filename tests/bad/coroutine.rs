coroutine g[resume = (), yield = ()] { upvars [] witnesses [] }
